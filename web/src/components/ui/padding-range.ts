// A number block of the date masks. IMask's autofix 'pad' both pads a first digit that cannot start
// a valid number (4 → 04, which users expect) and silently clamps an out-of-range last digit
// (month 13 → 12), which would change what the user meant. This keeps the padding and refuses the
// out-of-range digit instead.
import { MaskedRange } from 'imask';
import type { ChangeDetails } from 'imask';

type AppendFlags = Parameters<MaskedRange['_appendCharRaw']>[1];

export class PaddingRange extends MaskedRange {
  override _appendCharRaw(ch: string, flags?: AppendFlags): ChangeDetails {
    if (this.value.length + 1 < this.maxLength) return super._appendCharRaw(ch, flags);
    const autofix = this.autofix;
    this.autofix = undefined;
    try {
      return super._appendCharRaw(ch, flags);
    } finally {
      this.autofix = autofix;
    }
  }
}
