import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export const findUserById = async (db: Db, id: string): Promise<UserRow | null> => {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
};

export const findUserByEmail = async (db: Db, email: string): Promise<UserRow | null> => {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
};

export const updateUser = async (
  db: Db,
  id: string,
  values: Partial<Omit<UserRow, 'id' | 'email' | 'createdAt'>>,
): Promise<UserRow | null> => {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return user ?? null;
};
