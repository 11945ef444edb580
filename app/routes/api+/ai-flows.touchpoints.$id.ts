import * as touchpoint from "~/routes/api+/touchpoints.$id";
import { movedPath } from "~/web/moved-path.server";

// /api/ai-flows/touchpoints/{id}: moved to /api/touchpoints/{id} (the old address read like a
// flow's); answered as there, marked deprecated until its sunset.
export const successorPath = "/api/touchpoints/{id}";
const moved = movedPath(touchpoint, successorPath);
export const loader = moved.loader;
export const action = moved.action;
