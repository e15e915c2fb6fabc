// The people of a service test: accounts inserted straight into this file's database, and the
// actor a route's guard would hand the services for them (lib: features/accounts/actor.server.ts).

import { getDb } from "~/db.server";
import type { SessionActor } from "~/features/accounts/actor.server";
import type { SessionUser } from "~/features/accounts/session.server";
import { users } from "~db/schema";

let counter = 0;

/** An approved account (a member unless `role` says otherwise) and its actor. */
export async function insertActor(
  values: Partial<typeof users.$inferInsert> = {},
): Promise<SessionActor> {
  counter += 1;
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({
      email: `person${counter}-${Date.now()}@example.org`,
      passwordHash: "not-used-by-service-tests",
      name: `회원${counter}호`,
      phone: "010-2345-6789",
      licenseNumber: `S-${counter}`,
      hospitalName: "테스트의원",
      department: "가정의학과",
      address: "대구광역시 수성구 동대구로 1",
      isApproved: true,
      ...values,
    })
    .returning();
  const user: SessionUser = {
    id: row!.id,
    email: row!.email,
    name: row!.name,
    role: row!.role,
    accountRole: row!.role,
    isApproved: row!.isApproved,
    memberType: row!.memberType,
    phone: row!.phone,
    hospitalName: row!.hospitalName,
    department: row!.department,
    address: row!.address,
    licenseNumber: row!.licenseNumber,
    standing: "full",
    fullStanding: row!.memberType !== "associate",
  };
  return { user, audit: { actor: { id: user.id, email: user.email }, ip: "127.0.0.1" } };
}
