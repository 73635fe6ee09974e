/** The screen's own failure text followed by the server's reason, when it says something more. */
export function withReason(text: string, reason: string | undefined): string {
  return reason && reason !== text ? `${text}: ${reason}` : text;
}
