/**
 * Written answers from an OpenAI-compatible chat model (optional): grounded only in the
 * retrieved passages, every sentence cited, anything that does not check out replaced by the
 * extractive answer. See `writeAnswer`.
 */
export { readWrittenConfig, type WrittenConfig, writtenConfig } from "./config.js";
export { ModelEndpointError } from "./post-json.js";
export { NOT_COVERED } from "./prompt.js";
export type { Claim } from "./validate.js";
export { type WriteInput, type WriteOptions, type WrittenAnswer, writeAnswer } from "./write.js";
