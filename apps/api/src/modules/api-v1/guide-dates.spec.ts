import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The integrators' guides are copied and run: a calendar date written in one of their commands or programs goes
 * stale (a watermark past the 90-day retention answers 410, a session date in the past is refused), so every date
 * they send is computed from today. Example bodies of answers and webhooks may show fixed dates. */
describe('the integrators guides send no fixed dates', () => {
  const DOCS = join(__dirname, '../../../../../docs');
  it.each(['integrations.md', 'integrations-http.md', 'webhooks.md'])('%s', (file) => {
    const guide = readFileSync(join(DOCS, file), 'utf8');
    const blocks = [...guide.matchAll(/```(sh|ts|js)\n([\s\S]*?)```/g)].map((m) => m[2]);
    const dated = blocks.flatMap((block) =>
      block.split('\n').filter((line) => /\b\d{4}-\d{2}-\d{2}\b/.test(line) && !line.trimStart().startsWith('#')),
    );
    expect(dated).toEqual([]);
  });
});
