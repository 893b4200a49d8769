/**
 * The attributes extraction's page rules read on every element, gathered in one pass over the
 * element's attributes: a page's elements carry few attributes, in many combinations, and looking
 * each rule's attribute up by name on such varied objects costs more than walking them once.
 */

export interface RuleAttributes {
  role: string | undefined;
  class: string | undefined;
  id: string | undefined;
  hidden: boolean;
  ariaHidden: string | undefined;
  style: string | undefined;
  lang: string | undefined;
  xmlLang: string | undefined;
}

export function emptyRuleAttributes(): RuleAttributes {
  return {
    role: undefined,
    class: undefined,
    id: undefined,
    hidden: false,
    ariaHidden: undefined,
    style: undefined,
    lang: undefined,
    xmlLang: undefined,
  };
}

/** Fills `into` (reused from element to element) with the element's rule attributes. */
export function readRuleAttributes(
  attribs: Record<string, string>,
  into: RuleAttributes,
): RuleAttributes {
  into.role = undefined;
  into.class = undefined;
  into.id = undefined;
  into.hidden = false;
  into.ariaHidden = undefined;
  into.style = undefined;
  into.lang = undefined;
  into.xmlLang = undefined;
  for (const name in attribs) {
    switch (name) {
      case "role":
        into.role = attribs[name];
        break;
      case "class":
        into.class = attribs[name];
        break;
      case "id":
        into.id = attribs[name];
        break;
      case "hidden":
        into.hidden = true;
        break;
      case "aria-hidden":
        into.ariaHidden = attribs[name];
        break;
      case "style":
        into.style = attribs[name];
        break;
      case "lang":
        into.lang = attribs[name];
        break;
      case "xml:lang":
        into.xmlLang = attribs[name];
        break;
    }
  }
  return into;
}
