// react-aria's usePress adds an inline <style> element (touch-action for pressable elements) to the
// page on first use; the CSP (style-src 'self') refuses inline styles and the browser reports a
// violation. It skips that when an element with the style's id exists, so one stands in for it; the
// rule itself is in styles/combobox.css. (react-aria 1.x, checked in e2e/pickers.spec.ts and, for the
// in-page dialogs, e2e/everyday-round-three.spec.ts.)
const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

if (typeof document !== 'undefined' && !document.getElementById(PRESSABLE_STYLE_ID)) {
  const placeholder = document.createElement('meta');
  placeholder.id = PRESSABLE_STYLE_ID;
  document.head.append(placeholder);
}
