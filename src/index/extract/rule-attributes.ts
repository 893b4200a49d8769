/**
 * The attributes extraction's page rules read on every element, gathered in one pass over the
 * element's attributes (a page's elements carry few attributes, so one walk beats a look-up per rule).
 */
import type { Attributes } from "./html-events.js";

export interface RuleAttributes {
  role: string | undefined;
  class: string | undefined;
  id: string | undefined;
  hidden: boolean;
  /** `hidden="until-found"`: hidden until the browser's find-in-page or a link reveals it. */
  untilFound: boolean;
  ariaHidden: string | undefined;
  /** The element names what labels it (`aria-labelledby`): a panel of a disclosure widget. */
  labelled: boolean;
  ariaControls: string | undefined;
  ariaExpanded: boolean;
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
    untilFound: false,
    ariaHidden: undefined,
    labelled: false,
    ariaControls: undefined,
    ariaExpanded: false,
    style: undefined,
    lang: undefined,
    xmlLang: undefined,
  };
}

/** Fills `into` (reused from element to element) with the element's rule attributes. */
export function readRuleAttributes(attribs: Attributes, into: RuleAttributes): RuleAttributes {
  into.role = undefined;
  into.class = undefined;
  into.id = undefined;
  into.hidden = false;
  into.untilFound = false;
  into.ariaHidden = undefined;
  into.labelled = false;
  into.ariaControls = undefined;
  into.ariaExpanded = false;
  into.style = undefined;
  into.lang = undefined;
  into.xmlLang = undefined;
  const names = attribs.names;
  const values = attribs.values;
  for (let i = 0; i < attribs.count; i++) {
    const value = values[i] as string;
    switch (names[i]) {
      case "role":
        into.role = value;
        break;
      case "class":
        into.class = value;
        break;
      case "id":
        into.id = value;
        break;
      case "hidden":
        into.hidden = true;
        into.untilFound = value.trim().toLowerCase() === "until-found";
        break;
      case "aria-labelledby":
        into.labelled = value.trim() !== "";
        break;
      case "aria-controls":
        into.ariaControls = value;
        break;
      case "aria-expanded":
        into.ariaExpanded = true;
        break;
      case "aria-hidden":
        into.ariaHidden = value;
        break;
      case "style":
        into.style = value;
        break;
      case "lang":
        into.lang = value;
        break;
      case "xml:lang":
        into.xmlLang = value;
        break;
    }
  }
  return into;
}
