import { formatAmount } from '@lp/domain/numbers';

/** 1234.5 → '1.234,50 €' (no break before the sign). */
export const euro = (net: number) => `${formatAmount(net)}\u00a0€`;
