/**
 * The query parameters every API list takes (its route declares them: web/query-parameters.server.ts).
 * A module without server code, since a route's own exports also reach its browser module.
 */
export const LIST_QUERY_PARAMETERS = ["q", "query", "page", "pageSize", "sort", "dir"] as const;

/** The paging parameters of a paged list that takes no search or sort (versions, messages). */
export const PAGE_QUERY_PARAMETERS = ["page", "pageSize"] as const;
