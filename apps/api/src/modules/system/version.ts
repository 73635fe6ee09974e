import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The running version: the product's package.json version, and the commit when known: GIT_COMMIT (set by the
 * image build or the deploy), else the checkout's .git the code runs from. Read once. */
export function readVersion(
  env: NodeJS.ProcessEnv = process.env,
  from = __dirname,
): {
  version: string;
  commit: string | null;
} {
  let version = '0.0.0';
  let root: string | null = null;
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (version === '0.0.0' && pkg.version) version = pkg.version;
      if (pkg.name === 'evreg') {
        version = pkg.version ?? version;
        root = dir;
        break;
      }
    }
    if (dirname(dir) === dir) break;
  }
  const fromEnv = env.GIT_COMMIT?.trim();
  return { version, commit: fromEnv ? fromEnv.slice(0, 40) : root ? gitCommit(root) : null };
}

/** HEAD's commit in a checkout (also a worktree, whose .git is a file naming its git directory). */
function gitCommit(root: string): string | null {
  try {
    let gitDir = join(root, '.git');
    if (!existsSync(gitDir)) return null;
    if (statSync(gitDir).isFile())
      gitDir = readFileSync(gitDir, 'utf8')
        .replace(/^gitdir:/, '')
        .trim();
    return resolveHead(gitDir);
  } catch {
    return null;
  }
}

function resolveHead(gitDir: string): string | null {
  const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
  if (!head.startsWith('ref:')) return /^[0-9a-f]{40}$/.test(head) ? head : null;
  const ref = head.slice(4).trim();
  const common = existsSync(join(gitDir, 'commondir'))
    ? join(gitDir, readFileSync(join(gitDir, 'commondir'), 'utf8').trim())
    : gitDir;
  for (const dir of [gitDir, common]) {
    const file = join(dir, ref);
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  }
  const packed = join(common, 'packed-refs');
  if (!existsSync(packed)) return null;
  const line = readFileSync(packed, 'utf8')
    .split('\n')
    .find((l) => l.endsWith(` ${ref}`));
  return line ? line.slice(0, 40) : null;
}
