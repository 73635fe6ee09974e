import { TICKET_CODE_PATTERN } from '@evreg/contracts';
import { ticketCode, ticketCodeHash, ticketCodeMatches, ticketLocator } from './ticket-code';

const SECRET = 'a'.repeat(48);
const RANDOM = '7b0c1f7e-3f5e-4c1a-9f0e-2b8d6c4a1e90';

describe('ticket codes', () => {
  it('is the id and 26 base32 characters, matching the contract pattern', () => {
    const code = ticketCode(SECRET, 42, RANDOM);
    expect(code).toMatch(/^42-[A-Z2-7]{26}$/);
    expect(code).toMatch(TICKET_CODE_PATTERN);
  });

  it('depends on the random value and on APP_SECRET, not only on the id', () => {
    const code = ticketCode(SECRET, 42, RANDOM);
    expect(ticketCode(SECRET, 42, '00000000-0000-4000-8000-000000000000')).not.toBe(code);
    expect(ticketCode('b'.repeat(48), 42, RANDOM)).not.toBe(code);
  });

  it('matches in any case and refuses a changed character, another id or another secret', () => {
    const code = ticketCode(SECRET, 42, RANDOM);
    expect(ticketCodeMatches(SECRET, code.toLowerCase(), 42, RANDOM)).toBe(true);
    const last = code.at(-1) === 'A' ? 'B' : 'A';
    expect(ticketCodeMatches(SECRET, code.slice(0, -1) + last, 42, RANDOM)).toBe(false);
    expect(ticketCodeMatches(SECRET, code, 43, RANDOM)).toBe(false);
    expect(ticketCodeMatches('b'.repeat(48), code, 42, RANDOM)).toBe(false);
  });

  it('reads the locator only from a well-formed code within the id range', () => {
    expect(ticketLocator(ticketCode(SECRET, 42, RANDOM))).toBe(42);
    for (const bad of [
      '',
      '42',
      '42-ABC',
      `0-${'A'.repeat(26)}`,
      `99999999999-${'A'.repeat(26)}`,
      `42-${'1'.repeat(26)}`,
    ])
      expect(ticketLocator(bad)).toBeNull();
  });

  it('hashes the code as the door does: upper-cased, so any case gives the same hash', () => {
    const code = ticketCode(SECRET, 42, RANDOM);
    expect(ticketCodeHash(code.toLowerCase())).toBe(ticketCodeHash(code));
    expect(ticketCodeHash(code)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
