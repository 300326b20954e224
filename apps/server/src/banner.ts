import { DEMO_USERS } from './seed/seed';

/**
 * What the server prints once it listens. The demo passwords only on the start that seeded them: a terminal's
 * scrollback or a service log keeps every start's output, and the README lists them for anyone who needs them later.
 */
export function startBanner(options: { publicUrl: string; seedDemo: boolean; seededNow: boolean }): string {
  const { publicUrl } = options;
  const lines = [`\nOpen CPQ is running at ${publicUrl}  (API docs: ${publicUrl}/api/docs)`];
  if (options.seededNow) {
    lines.push('Demo sign-ins (platform, role level, username, password):');
    for (const user of DEMO_USERS)
      lines.push(`  ${user.pid.padEnd(8)} ${user.roleLevel}  ${user.username.padEnd(30)} ${user.password}`);
    lines.push('Users on the "secure" platform must enrol an authenticator app at first sign-in.\n');
  } else if (options.seedDemo) {
    lines.push('Demo sign-ins, where the demo data was seeded: see "Demo sign-ins" in README.md.\n');
  }
  return lines.join('\n');
}
