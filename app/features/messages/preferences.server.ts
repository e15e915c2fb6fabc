// A member's text-message settings: messages at all (정보성 and notices), and the advertising
// consent of 정보통신망법 제50조, kept with its date because it lapses after two years.
import { eq } from "drizzle-orm";
import { getDb } from "~/db.server";
import { now } from "~/lib/clock.server";
import { users } from "~db/schema";

/** An advertising consent counts for two years from when it was given or last confirmed. */
export const MARKETING_CONSENT_MS = 2 * 365 * 24 * 60 * 60 * 1000;

export type MessagePreferences = {
  messages: boolean;
  marketing: boolean;
  marketingConsentAt: string | null;
};

export function consentIsCurrent(at: Date | null, when: Date = now()) {
  return at !== null && when.getTime() - at.getTime() < MARKETING_CONSENT_MS;
}

export async function getMessagePreferences(userId: string): Promise<MessagePreferences> {
  const db = await getDb();
  const [row] = await db
    .select({
      messagesEnabled: users.messagesEnabled,
      marketingConsentAt: users.marketingConsentAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return messagePreferencesOf(row);
}

/** The settings from the member's row, read with the rest of it (/mypage reads the row once). */
export function messagePreferencesOf(
  row: { messagesEnabled: boolean; marketingConsentAt: Date | null } | undefined,
): MessagePreferences {
  return {
    messages: row?.messagesEnabled ?? true,
    marketing: consentIsCurrent(row?.marketingConsentAt ?? null),
    marketingConsentAt: row?.marketingConsentAt?.toISOString() ?? null,
  };
}

/** Sets what is given; `marketing: true` records (or confirms again) the consent with today's date. */
export async function setMessagePreferences(
  userId: string,
  change: { messages?: boolean; marketing?: boolean },
) {
  const db = await getDb();
  const set: Partial<typeof users.$inferInsert> = {};
  if (change.messages !== undefined) set.messagesEnabled = change.messages;
  if (change.marketing !== undefined) set.marketingConsentAt = change.marketing ? now() : null;
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, userId));
  return getMessagePreferences(userId);
}
