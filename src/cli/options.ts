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

export function positiveInteger(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1) {
      throw new InvalidArgumentError(`${name} must be a whole number of at least 1`);
    }
    return Number(value);
  };
}

export function positiveSeconds(name: string) {
  return (value: string): number => {
    const seconds = Number(value);
    if (value.trim() === "" || !Number.isFinite(seconds) || seconds <= 0) {
      throw new InvalidArgumentError(`${name} must be a number of seconds above 0`);
    }
    return seconds;
  };
}
