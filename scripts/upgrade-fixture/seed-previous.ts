/**
 * Runs inside the PREVIOUS release's source tree (copied there by make.ts): starts that
 * release on a fresh PostgreSQL database with its demo data, signs two accounts in, writes an
 * audited change (a role, and its action-log row), and prints what the upgrade test checks later (the database name, tokens).
 */
import { signIn } from './oidc-client.ts';
import { DEMO_UNIT_USER, startTestApp, TEST_ADMIN } from './test-app.ts';

const t = await startTestApp('postgres');
const admin = await signIn(t.app, TEST_ADMIN);
const user = await signIn(t.app, DEMO_UNIT_USER);
// An audited change, so the action log has a row of that release's making.
const role = await t.app.inject({
  method: 'POST',
  url: '/api/Role/AddUpdateRole',
  headers: { authorization: `Bearer ${admin.access_token}` },
  payload: { name: 'Vai trò trước nâng cấp', description: 'made by the previous release' },
});
if (!role.json().success) throw new Error(`the previous release refused the sample role: ${role.body}`);
const url = new URL(t.database.kind === 'postgres' ? (process.env.TEST_DATABASE_URL ?? '') : '');
const [{ current_database: database }] = (await t.database.db.execute('select current_database()' as never)).rows as { current_database: string }[];
await t.app.close();
await t.database.close();
console.log(JSON.stringify({ server: url.toString(), database, admin: { ...TEST_ADMIN, accessToken: admin.access_token }, user: { ...DEMO_UNIT_USER, accessToken: user.access_token } }));
process.exit(0);
