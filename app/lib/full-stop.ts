// Apart from lib/text.ts, which the home page's script carries: only the payment page needs this.
/** A sentence as it will be followed by another: with its full stop (a provider's text may lack one). */
export function withFullStop(sentence: string): string {
  const trimmed = sentence.trim();
  return trimmed === "" || /[.!?。]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
