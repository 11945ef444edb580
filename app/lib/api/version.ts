/**
 * The API's version, the OpenAPI document's info.version. It follows docs/api-changelog.md: every
 * change to the API adds an entry there under a new version, and this is that version (a test
 * holds the two together). Semantic: a change a client could break on raises the major number.
 */
export const API_VERSION = "2.1.0";
