import * as z from "zod/mini";

/**
 * The fields a PUT may leave out. A PUT replaces the whole resource and must send every field
 * (docs/decisions/107), except a field registered here: a setting stored beside what the PUT
 * replaces, which keeps its stored value when left out (the owner's business model beside the
 * questionnaire's answers, docs/decisions/124). The API's reading of a PUT body and the OpenAPI
 * document's `required` lists both read this registry.
 */
export const keptWhenLeftOut = z.registry<{ reason: string }>();
