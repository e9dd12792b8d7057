/**
 * A service some suites need (PostgreSQL, Redis, their server programs). On a developer's
 * machine a missing one skips those suites; under CI=true it fails the run at once, naming
 * what is missing, so a green CI always includes the multi-instance and fault tests.
 */
export function availableOrFailInCi(available: boolean, what: string): boolean {
  if (!available && process.env.CI === 'true') throw new Error(`CI=true, but ${what}: the tests that need it would be skipped silently`);
  return available;
}
