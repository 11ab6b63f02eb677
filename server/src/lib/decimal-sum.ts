// Exact sums of money as PostgreSQL prints numeric(p,2) ('-1234.50'): in integer cents (BigInt), so
// that a million rows add up without a floating-point error.

/** A running sum of 2-decimal amounts. */
export class CentSum {
  private cents = 0n;

  add(amount: string): void {
    const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
    if (!match) throw new Error(`not a 2-decimal amount: ${amount}`);
    const cents = BigInt(match[2]!) * 100n + BigInt(match[3]!);
    this.cents += match[1] ? -cents : cents;
  }

  /** Adds a whole number of cents (a safe integer, e.g. a partial sum of a chunk of rows). */
  addCents(cents: number): void {
    if (!Number.isSafeInteger(cents)) throw new Error(`not a safe number of cents: ${cents}`);
    this.cents += BigInt(cents);
  }

  /** The sum as a numeric literal, e.g. '-12.05'. */
  toString(): string {
    const negative = this.cents < 0n;
    const abs = negative ? -this.cents : this.cents;
    return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  }
}
