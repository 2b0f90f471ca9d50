/**
 * The viewer's time zone, as the browser reports it (an IANA name such as America/Los_Angeles).
 * Apart from format.ts, whose dates need the contract's time-zone schemas: the sign-in page needs
 * only this.
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
