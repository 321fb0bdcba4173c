import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../../src/cli/registry.ts';
import { liveSqliteDirs } from '../fixtures/temp-dirs.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Resolve hooks (node:module register) that write every module URL the process resolves to a file.
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(process.env.PAYTAG_TEST_MODULE_LOG, r.url + '\\n');
  return r;
}`;
const REGISTER = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));`;

/** Runs the CLI from its sources with `args`; answers its exit code and the src/ modules it loaded. */
function modulesLoaded(...args: string[]): { code: number | null; out: string; modules: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'paytag-cli-modules-'));
  liveSqliteDirs.add(dir);
  const log = join(dir, 'modules.log');
  try {
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        `data:text/javascript,${encodeURIComponent(REGISTER)}`,
        join(ROOT, 'src/cli/main.ts'),
        ...args,
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PAYTAG_TEST_MODULE_LOG: log,
          DATABASE_URL: `sqlite:${join(dir, 'paytag.sqlite')}`,
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    const urls = readFileSync(log, 'utf8').split('\n');
    const modules = [
      ...new Set(
        urls
          .filter((u) => u.startsWith('file://') && u.includes('/src/'))
          .map((u) => u.slice(u.indexOf('/src/') + 1)),
      ),
    ];
    return { code: r.status, out: r.stdout, modules };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    liveSqliteDirs.delete(dir);
  }
}

describe('the command registry (src/cli/registry.ts)', () => {
  it('names each command as its module does, once, and every entry loads a command', async () => {
    const entries = SECTIONS.flatMap((s) => s.commands);
    expect(new Set(entries.map((e) => e.name)).size).toBe(entries.length);
    for (const e of entries) {
      const command = await e.load();
      expect(command.name).toBe(e.name);
      expect(command.help).toMatch(/^Usage: paytag /);
      expect(typeof command.run).toBe('function');
    }
  });

  it('the overview and a group’s help load no command module and not the service', {
    timeout: 120_000,
  }, () => {
    for (const args of [['--help'], ['account', '--help']]) {
      const r = modulesLoaded(...args);
      expect(r.code).toBe(0);
      expect(r.out).toContain('account create');
      expect(r.modules).toContain('src/cli/main.ts');
      expect(r.modules.filter((m) => m.startsWith('src/cli/commands/'))).toEqual([]);
      expect(r.modules).not.toContain('src/main.ts');
      expect(r.modules).not.toContain('src/http/app.ts');
    }
  });

  it('a command’s own help loads that command’s module only, and not the service', {
    timeout: 120_000,
  }, () => {
    const r = modulesLoaded('account', 'show', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: paytag account show');
    expect(r.modules.filter((m) => m.startsWith('src/cli/commands/'))).toEqual([
      'src/cli/commands/account-show.ts',
    ]);
    expect(r.modules).not.toContain('src/main.ts');
  });

  it('a command that opens the runtime does not load the HTTP app or the jobs', { timeout: 120_000 }, () => {
    const r = modulesLoaded('account', 'list', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual([]);
    expect(r.modules).toContain('src/main.ts');
    expect(r.modules.filter((m) => m.startsWith('src/cli/commands/'))).toEqual([
      'src/cli/commands/account-list.ts',
    ]);
    expect(r.modules).not.toContain('src/http/app.ts');
    expect(r.modules).not.toContain('src/jobs/index.ts');
  });
});
