// Component tests: jest-dom matchers, and a clean DOM and storage after every test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 3 s rather than 1 s: CI and developers run on two busy cores.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom's Blob has no text(); under Node 24 a fetch Response's blob() is built from jsdom's Blob,
// so read it through FileReader as browsers' Blob.text() would.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob): Promise<string> {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error ?? new Error('could not read blob'));
      reader.readAsText(this);
    });
  };
}
