// What reaches the log of a failed statement: the statement and the database's error code, never
// the values it was given (a sign-up's password hash, e-mail, phone and licence number).
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { errorWithoutValues } from "~/logger.server";

const VALUES = ["doctor@example.com", "$argon2id$v=19$secret-hash", "010-1234-5678", "123456"];

function failedInsert() {
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    code: "22021",
    detail: "Key (email)=(doctor@example.com) already exists.",
  });
  return new DrizzleQueryError(
    "insert into users (email, password_hash) values ($1, $2)",
    VALUES,
    cause,
  );
}

describe("errors as logged", () => {
  it("keep a failed statement's text and code but none of its values", () => {
    const logged = errorWithoutValues(failedInsert());
    const text = JSON.stringify(logged);
    for (const value of VALUES) expect(text).not.toContain(value);
    expect(text).not.toContain("already exists");
    expect(logged.message).toContain("insert into users (email, password_hash)");
    expect(logged.message).toContain("0x00");
    expect(logged.stack).toContain("insert into users");
  });

  it("leave out the values of a failed statement that caused another error", () => {
    const wrapper = new Error("the sign-up failed", { cause: failedInsert() });
    const text = JSON.stringify(errorWithoutValues(wrapper));
    for (const value of VALUES) expect(text).not.toContain(value);
    expect(text).toContain("the sign-up failed");
    expect(text).toContain("insert into users");
  });

  it("log any other error as pino does", () => {
    const logged = errorWithoutValues(Object.assign(new Error("boom"), { code: "E_BOOM" }));
    expect(logged).toMatchObject({ type: "Error", message: "boom", code: "E_BOOM" });
  });
});
