// Reads one XML part of an office file (xlsx, ods) as it inflates from the zip guard, with saxes, a
// strict streaming XML parser: nothing of the part is held but what the handlers keep. The bytes are
// decoded across chunk boundaries, so a character split between two chunks stays whole. Broken XML
// throws (the readers answer it as a corrupt file).
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface XmlHandlers {
  opentag?(tag: SaxesTagPlain): void;
  text?(text: string): void;
  closetag?(tag: SaxesTagPlain): void;
}

/**
 * Feeds the part to the handlers piece by piece and yields after each piece, so the caller can hand
 * on what the handlers gathered, or stop: leaving the loop ends the part's stream, uninflated further.
 */
export async function* parseXmlPart(part: Readable, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  if (handlers.opentag) parser.on('opentag', handlers.opentag);
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.closetag) parser.on('closetag', handlers.closetag as (tag: unknown) => void);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of part) {
      parser.write(decoder.write(chunk as Buffer));
      yield;
    }
    parser.write(decoder.end());
    parser.close();
  } finally {
    part.destroy();
  }
}

/** The whole part through the handlers. */
export async function readXmlPart(part: Readable, handlers: XmlHandlers): Promise<void> {
  for await (const _ of parseXmlPart(part, handlers)) {
    // the handlers keep what they need
  }
}

/** A tag's name without its namespace prefix ('x:row' → 'row'): generators choose their prefixes. */
export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}
