// Blank mail settings, as a .env or compose file leaves them (`SMTP_URL=` and `MAIL_FROM=`), mean
// "unset", as for every other optional setting of app/env.server.ts: messages go to the outbox,
// from the society's own name and address (README: MAIL_FROM defaults to
// "SOCIETY_NAME" <SOCIETY_EMAIL>). A message without a From header is not a valid message
// (RFC 5322 §3.6) and real mail servers refuse it.
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type LoggedIn, signUp } from "../support/accounts";
import { waitForOutboxMessagesTo } from "../support/mail";
import { setupTestServer } from "../support/test-server";

let admin: LoggedIn;

const server = setupTestServer({ env: { SMTP_URL: "", MAIL_FROM: "" } });
beforeAll(async () => {
  admin = await createAdmin(server);
});

describe("SMTP_URL= and MAIL_FROM= left blank", () => {
  it("write to the outbox, from the society's name and address", async () => {
    const doctor = await signUp(server, { name: "홍길동" });
    const [mail] = await waitForOutboxMessagesTo(admin.email, 1, 5_000);
    expect(mail!.text).toContain(`이메일: ${doctor.email}`);
    expect(mail!.raw).toMatch(/^From: /m);
    expect(mail!.from).toEqual({ address: "office@example.org", name: "대한개원의AI마케팅학회" });
  });
});
