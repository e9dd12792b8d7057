import type pg from 'pg';

/**
 * Adds `count` plain users to a unit in one statement (`<prefix>.user1`…), for the fault tests
 * that provision many people at once; answers their ids in order.
 */
export async function insertUnitPeople(database: pg.Pool, unitId: string, prefix: string, count: number): Promise<string[]> {
  const { rows } = await database.query<{ id: string }>(
    `insert into users (username, email, password_hash, unit_id, is_user_unit, first_name, last_name, full_name)
     select $2 || '.user' || i, $2 || i || '@minhphat.example.com', 'x', $1, true, 'Người', 'Dùng ' || i, 'Người Dùng ' || i
     from generate_series(1, $3::int) i returning id`,
    [unitId, prefix, count],
  );
  return rows.map((row) => row.id);
}
