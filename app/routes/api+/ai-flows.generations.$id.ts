import * as generation from "~/routes/api+/ai-flow-generations.$id";
import { movedPath } from "~/web/moved-path.server";

// /api/ai-flows/generations/{id}: moved to /api/ai-flow-generations/{id} (the old address read
// like a flow's); answered as there, marked deprecated until its sunset.
export const successorPath = "/api/ai-flow-generations/{id}";
const moved = movedPath(generation, successorPath);
export const loader = moved.loader;
export const action = moved.action;
