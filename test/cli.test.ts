import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { jsonLines, runHooty, tempDir } from "./helpers/cli.js";

describe("hooty command line", () => {
  it("prints help and version, exit 0", async () => {
    const help = await runHooty(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: hooty");
    const version = await runHooty(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("answers bad usage with one line on stderr and exit 2", async () => {
    for (const args of [
      ["no-such-command"],
      ["block", "--no-such-flag"],
      ["block", "exa mple"],
      // Beyond a day: Node would run the timer at once, so every request would time out.
      ["crawl", "--timeout", "1e9", "http://127.0.0.1:9/"],
      ["crawl", "--max-wait", "86401", "http://127.0.0.1:9/"],
      ["robots", "--timeout", "Infinity", "http://127.0.0.1:9/"],
    ]) {
      const result = await runHooty(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(/^hooty/);
    }
  });

  it("takes --json and --data before the command's name too", async () => {
    const data = tempDir();
    expect((await runHooty(["--data", data, "block", "example.org"])).code).toBe(0);
    const after = await runHooty(["block", "--list", "--json", "--data", data]);
    for (const before of [
      ["--json", "--data", data, "block", "--list"],
      [`--data=${data}`, "--json", "block", "--list"],
    ]) {
      const result = await runHooty(before);
      expect(result.code, before.join(" ")).toBe(0);
      expect(result.stdout).toBe(after.stdout);
    }
    expect(jsonLines(after.stdout)).toEqual([expect.objectContaining({ domain: "example.org" })]);
  });

  it("keeps the store across processes: data written, process ended, data read back", async () => {
    const data = tempDir();
    const write = await runHooty([
      "block",
      "Example.ORG",
      "--reason",
      "asked by mail",
      "--data",
      data,
    ]);
    expect(write.code).toBe(0);
    expect(existsSync(join(data, "hooty.sqlite"))).toBe(true);

    const read = await runHooty(["block", "--list", "--json", "--data", data]);
    expect(read.code).toBe(0);
    expect(jsonLines(read.stdout)).toEqual([
      { domain: "example.org", reason: "asked by mail", blockedAt: expect.any(String) },
    ]);
    // For people, one line per domain, whatever line breaks its reason holds.
    await runHooty(["block", "example.net", "--reason", "asked\nby\tphone", "--data", data]);
    const lines = (await runHooty(["block", "--list", "--data", data])).stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.startsWith("example.net"))).toMatch(/\tasked by phone$/);
    // Kept as one line, as reports quote it.
    const listed = jsonLines(
      (await runHooty(["block", "--list", "--json", "--data", data])).stdout,
    ) as { domain: string; reason: string }[];
    expect(listed.find((b) => b.domain === "example.net")?.reason).toBe("asked by phone");
    await runHooty(["unblock", "example.net", "--data", data]);

    const unblock = await runHooty(["unblock", "example.org", "--json", "--data", data]);
    expect(jsonLines(unblock.stdout)).toEqual([
      { domain: "example.org", blocked: false, wasBlocked: true },
    ]);
    const after = await runHooty(["block", "--list", "--json", "--data", data]);
    expect(after.stdout).toBe("");
  });

  it("reading commands say when the data folder holds no data, and make none", async () => {
    const missing = join(tempDir(), "typo");
    for (const args of [
      ["pages", "http://example.org"],
      ["ask", "http://example.org", "what is hooty?"],
      ["refresh", "http://example.org"],
    ]) {
      const result = await runHooty([...args, "--data", missing]);
      expect(result.code, args[0]).toBe(2);
      expect(result.stderr.trim()).toBe(
        `hooty: no Hooty data in ${missing}: crawl a site first (hooty crawl URL --data ${missing})`,
      );
    }
    const file = join(tempDir(), "a-file");
    writeFileSync(file, "not a folder");
    const onFile = await runHooty(["pages", "http://example.org", "--data", file]);
    expect([onFile.code, onFile.stderr.trim()]).toEqual([
      2,
      `hooty: the data folder ${file} is a file, not a folder: name a folder with --data`,
    ]);
    const everySite = await runHooty(["refresh", "--data", missing]);
    expect(everySite.code).toBe(0);
    expect(everySite.stderr.trim()).toBe("no site in the index: nothing to refresh");
    // Nothing is blocked where there is no data, and asking makes none.
    const list = await runHooty(["block", "--list", "--data", missing]);
    expect([list.code, list.stderr.trim()]).toEqual([0, "no domain is blocked"]);
    const unblock = await runHooty(["unblock", "example.org", "--json", "--data", missing]);
    expect(jsonLines(unblock.stdout)).toEqual([
      { domain: "example.org", blocked: false, wasBlocked: false },
    ]);
    expect(existsSync(missing)).toBe(false);
    // A file named as the data folder is the same mistake for every command, reading or writing.
    for (const args of [
      ["refresh"],
      ["robots", "http://127.0.0.1:9/"],
      ["block", "--list"],
      ["unblock", "example.org"],
    ]) {
      const result = await runHooty([...args, "--data", file]);
      expect([result.code, result.stderr.trim()], args[0]).toEqual([
        2,
        `hooty: the data folder ${file} is a file, not a folder: name a folder with --data`,
      ]);
    }
  });

  it("says in one line when the data folder cannot be made, at once", async () => {
    const file = join(tempDir(), "a-file");
    writeFileSync(file, "not a folder");
    // Under /proc, Node's recursive mkdir never returns: the command spun at full CPU.
    for (const [data, said] of [
      ["/proc/hooty-nope/data", /^hooty: cannot open .*hooty\.sqlite: /],
      [
        join(file, "data"),
        `hooty: the data folder ${join(file, "data")} cannot be made: ${file} is a file, not a folder; name another folder with --data`,
      ],
      [file, `hooty: the data folder ${file} is a file, not a folder: name a folder with --data`],
    ] as const) {
      const result = await runHooty(["crawl", "http://127.0.0.1:9/", "--data", data]);
      // A file named as the folder is bad input (2); a folder that cannot be made, a failure (1).
      expect(result.code, data).toBe(data === file ? 2 : 1);
      const lines = result.stderr.trim().split("\n");
      expect(lines, data).toHaveLength(1);
      if (typeof said === "string") expect(lines[0]).toBe(said);
      else expect(lines[0]).toMatch(said);
    }
  });

  it("says in one line when the data folder holds a file that is not Hooty's data", async () => {
    const data = tempDir();
    const file = join(data, "hooty.sqlite");
    writeFileSync(file, "a shopping list, not a database\n".repeat(200));
    for (const args of [
      ["pages", "http://example.org"],
      ["block", "example.net"],
    ]) {
      const result = await runHooty([...args, "--data", data]);
      expect(result.code, args[0]).toBe(1);
      expect(result.stderr.trim()).toBe(
        `hooty: ${file} is not a Hooty data file (it is not an SQLite database): move it away, or choose another folder with --data`,
      );
    }
    expect(readFileSync(file, "utf8")).toBe("a shopping list, not a database\n".repeat(200));
  });

  it("leaves another program's SQLite file in the data folder exactly as it is, and says so", async () => {
    const data = tempDir();
    const file = join(data, "hooty.sqlite");
    const theirs = new Database(file);
    theirs.exec(
      "CREATE TABLE invoices (id INTEGER, total REAL); INSERT INTO invoices VALUES (1, 9.5);",
    );
    theirs.close();
    const before = readFileSync(file);
    for (const args of [["pages", "http://example.org"], ["block", "--list"], ["refresh"]]) {
      const result = await runHooty([...args, "--data", data]);
      expect([result.code, result.stderr.trim()], args[0]).toEqual([
        1,
        `hooty: ${file} is not a Hooty data file (it holds another program's tables: invoices): it was left as it is; move it away, or choose another folder with --data`,
      ]);
    }
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(data)).toEqual(["hooty.sqlite"]);
  });

  it("finds the data folder from $HOOTY_DATA", async () => {
    const data = tempDir();
    const result = await runHooty(["block", "example.net"], { env: { HOOTY_DATA: data } });
    expect(result.code).toBe(0);
    expect(existsSync(join(data, "hooty.sqlite"))).toBe(true);
  });
});
