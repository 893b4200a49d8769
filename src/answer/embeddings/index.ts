/**
 * Embeddings from an OpenAI-compatible endpoint (optional): the question's similarity to each
 * passage joins the ranking when configured. See `similarities`.
 */
export { embed } from "./client.js";
export { type EmbeddingsConfig, embeddingsConfig, readEmbeddingsConfig } from "./config.js";
export { type SimilarityOptions, type SimilarityPassage, similarities } from "./similarities.js";
export { VectorCache } from "./vector-cache.js";
