/** Set-up for every test file: the temp folders a file made go when it ends. */
import { afterAll } from "vitest";
import { removeTempDirs } from "./cli.js";

afterAll(() => {
  removeTempDirs();
});
