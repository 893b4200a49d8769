import { describe, expect, it } from "vitest";
import { storeWithHtml } from "../../test/helpers/html-pages.js";
import { answerQuestion } from "./answer.js";

/** A class reference: the class and its methods named apart, never as "Class.method". */
const ARRAY_UTILS = `<!doctype html><html lang="en"><head><title>ArrayUtils</title></head><body><main>
<h1>Class ArrayUtils</h1><p>Operations on arrays, primitive arrays and primitive wrapper arrays.</p>
<h2 id="reverse">reverse</h2><p>Reverses the order of the given array in place. The method does nothing for a null input array.</p>
<h2 id="shuffle">shuffle</h2><p>Randomly permutes the elements of the specified array using the Fisher-Yates algorithm.</p>
<h2 id="cron">Scheduling</h2><p>A cron expression is not parsed here; see the scheduler for cron jobs and their pg tables.</p>
</main></body></html>`;

describe("a qualified name", () => {
  it("is found in its parts: the class's page names the class and the method apart", async () => {
    const { store, siteId } = await storeWithHtml({ "/ArrayUtils.html": ARRAY_UTILS });
    const answer = await answerQuestion(store, siteId, "What does ArrayUtils.reverse do?");
    expect(answer.covered).toBe(true);
    expect(answer.citations[0]?.url).toContain("/ArrayUtils.html#reverse");
  });

  it("is not, when it is a name of its own made of the site's words (pg_cron)", async () => {
    const { store, siteId } = await storeWithHtml({ "/ArrayUtils.html": ARRAY_UTILS });
    const answer = await answerQuestion(store, siteId, "what does pg_cron do");
    expect(answer.evidence?.terms.find((t) => t.word === "pg_cron")?.status).toBe("unknown");
  });
});
