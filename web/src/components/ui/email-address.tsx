import { Fragment } from 'react';

/** After "@" and "-", before ".": where a reader expects an address to go on. */
const BREAKS = /(?<=[@-])|(?=\.)/;

/**
 * An e-mail address that may wrap where a reader expects it: "lieferant@" / "gruenes-" / "buero" /
 * ".example", not "lieferant@gru" / "enes-…". Inside a word it still breaks where nothing else fits.
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <>
      {address.split(BREAKS).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
