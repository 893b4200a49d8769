import { type Command, InvalidArgumentError } from "commander";

export interface CommonOptions {
  json?: boolean;
  data?: string;
}

export function withJson(command: Command): Command {
  return command.option("--json", "machine output: one JSON value per line on stdout");
}

export function withData(command: Command): Command {
  return command.option("--data <dir>", "data folder (default: $HOOTY_DATA, else ./.hooty)");
}

/** The most a count flag takes: far above any site's pages, and a number every store keeps. */
export const MAX_COUNT = 10_000_000;

export function positiveInteger(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_COUNT) {
      throw new InvalidArgumentError(
        `${name} must be a whole number from 1 to ${MAX_COUNT.toLocaleString("en")}`,
      );
    }
    return Number(value);
  };
}

/** The longest time limit or wait a flag takes: a day (a timer of more than 24.8 days fires at once). */
export const MAX_SECONDS = 86_400;

export function positiveSeconds(name: string) {
  return (value: string): number => {
    const seconds = Number(value);
    if (value.trim() === "" || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_SECONDS) {
      throw new InvalidArgumentError(
        `${name} must be a number of seconds above 0 and at most ${MAX_SECONDS} (a day)`,
      );
    }
    return seconds;
  };
}
