import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(join(require.resolve('axe-core'), '..', 'axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Runs axe-core (WCAG 2.0 A/AA and 2.1 AA) on the page as it is now. Answers every violation. The context
 * must bypass the page's CSP (bypassCSP: true) for the injected script to run. */
export async function axeViolations(target: Page | Frame): Promise<AxeViolation[]> {
  const present = await target.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!present) await target.addScriptTag({ content: AXE_SOURCE });
  return target.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  }, TAGS);
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map(
            (n) =>
              `    en ${JSON.stringify(n.target)}: ${n.html}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}

/** Fails when axe finds serious or critical violations, listing them readably (state names the screen). Only
 * violations that stay count: the mouse is moved off the page first (a hover tooltip is not the screen), and a
 * finding is checked again half a second later, so an element caught mid-transition (a tooltip or a snackbar
 * fading, whose colours are between two states) doesn't fail the check while a real problem still does. */
export async function expectAccessible(target: Page | Frame, state: string): Promise<void> {
  if ('mouse' in target) await target.mouse.move(-1, -1);
  const serious = async () => (await axeViolations(target)).filter((v) => FAILING.has(v.impact ?? ''));
  let violations = await serious();
  if (violations.length) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await serious();
    violations = again.filter((v) => violations.some((first) => first.id === v.id));
  }
  if (violations.length)
    throw new Error(
      `Accesibilidad (${state}): ${violations.length} infracciones graves o críticas\n${describeViolations(violations)}`,
    );
}
