import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";

import { Logo } from "~/components/brand/logo";
import { SiteFooter } from "~/components/landing/site-footer";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { buildReference, filterReference, type FieldView, type OperationView, type ResponseView } from "~/lib/api/reference";
import { openApiDocument } from "~/web/openapi/document.server";

export const meta: MetaFunction = () => [
  { title: "API reference · Flowmap" },
  { name: "description", content: "Every Flowmap API endpoint: requests, responses, errors and examples." },
];

// GET /api/docs?q=: the API reference, rendered on the server from /api/openapi.json. The search
// filters on the server without JavaScript (the form's GET) and as you type with it.
export async function loader({ request }: LoaderFunctionArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return json({ reference: buildReference(openApiDocument()), query });
}

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-sky-50 text-sky-800 ring-sky-200",
  POST: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  PUT: "bg-amber-50 text-amber-900 ring-amber-200",
  PATCH: "bg-violet-50 text-violet-800 ring-violet-200",
  DELETE: "bg-rose-50 text-rose-800 ring-rose-200",
};

const ACCESS_STYLES: Record<OperationView["access"], string> = {
  Public: "bg-slate-100 text-slate-700",
  "Optional sign-in": "bg-slate-100 text-slate-700",
  "Signed in": "bg-brand-50 text-brand-800",
  Admin: "bg-rose-50 text-rose-800",
};

function MethodBadge({ method }: { method: string }) {
  return (
    <span className={`inline-flex w-16 shrink-0 justify-center rounded-md px-2 py-0.5 font-mono text-xs font-bold ring-1 ring-inset ${METHOD_STYLES[method] ?? ""}`}>{method}</span>
  );
}

function statusTone(status: string) {
  if (status.startsWith("2")) return "text-emerald-700";
  if (status.startsWith("3")) return "text-sky-700";
  return "text-rose-700";
}

function FieldTable({ fields, caption }: { fields: FieldView[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Notes
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {fields.map((field) => (
            <tr key={field.name} className="align-top">
              <td className="px-3 py-2 font-mono text-[13px] whitespace-nowrap text-slate-900">
                {field.name}
                {field.required ? (
                  <span className="ml-1 text-rose-600" title="Required">
                    *
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2 font-mono text-[13px] break-words text-slate-700">
                {field.refersTo ? (
                  <a href={`#schema-${field.refersTo}`} className="text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-600">
                    {field.type}
                  </a>
                ) : (
                  field.type
                )}
              </td>
              <td className="px-3 py-2 text-slate-600">{field.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResponseRow({ response }: { response: ResponseView }) {
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className={`font-mono text-sm font-bold ${statusTone(response.status)}`}>{response.status}</span>
        <span className="text-sm text-slate-700">{response.description}</span>
        {response.schemaName ? (
          <a href={`#schema-${response.schemaName}`} className="font-mono text-xs text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-600">
            {response.shape}
          </a>
        ) : response.mediaTypes.length > 0 && !response.mediaTypes.includes("application/json") ? (
          <span className="font-mono text-xs text-slate-500">{response.mediaTypes.join(", ")}</span>
        ) : null}
      </div>
      {response.example ? (
        // Focusable, so a keyboard can scroll a long example sideways.
        <pre
          tabIndex={0}
          aria-label={`Example ${response.status} answer`}
          className="mt-1 overflow-x-auto rounded-md bg-slate-900 px-3 py-2 text-xs leading-relaxed text-slate-100"
        >
          {response.example}
        </pre>
      ) : null}
    </li>
  );
}

function Operation({ op }: { op: OperationView }) {
  return (
    <article id={op.id} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <MethodBadge method={op.method} />
          <code className="font-mono text-[15px] font-semibold break-all text-slate-900">{op.path}</code>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${ACCESS_STYLES[op.access]}`}>{op.access}</span>
        </div>
        <h3 className="text-base font-semibold text-slate-900">
          <a href={`#${op.id}`} className="hover:underline">
            {op.summary}
          </a>
        </h3>
        {op.description ? <p className="text-sm leading-relaxed text-slate-600">{op.description}</p> : null}
      </header>

      {op.parameters.length > 0 ? (
        <section className="mt-4">
          <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Parameters</h4>
          <FieldTable fields={op.parameters} caption={`Parameters of ${op.method} ${op.path}`} />
        </section>
      ) : null}

      {op.bodyFields.length > 0 || op.bodyExample ? (
        <section className="mt-4">
          <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Request body (JSON)</h4>
          {op.bodyFields.length > 0 ? <FieldTable fields={op.bodyFields} caption={`Request body of ${op.method} ${op.path}`} /> : null}
          {op.bodyExample ? (
            <pre tabIndex={0} aria-label="Example request body" className="mt-2 overflow-x-auto rounded-md bg-slate-900 px-3 py-2 text-xs leading-relaxed text-slate-100">
              {op.bodyExample}
            </pre>
          ) : null}
        </section>
      ) : null}

      <section className="mt-4">
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Responses</h4>
        <ul className="divide-y divide-slate-100">
          {op.responses.map((response) => (
            <ResponseRow key={response.status} response={response} />
          ))}
        </ul>
      </section>
    </article>
  );
}

export default function ApiDocs() {
  const { reference, query: initialQuery } = useLoaderData<typeof loader>();
  const [query, setQuery] = useState(initialQuery);
  const groups = useMemo(() => filterReference(reference, query), [reference, query]);
  const count = groups.reduce((sum, group) => sum + group.operations.length, 0);

  return (
    <div className="flex min-h-full flex-col bg-slate-50">
      <header className="sticky top-[var(--toast-space,0px)] z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
          <Logo className="shrink-0 max-[479px]:[&>span]:sr-only" />
          <nav aria-label="API reference">
            <ul className="flex items-center gap-1 text-sm font-medium sm:gap-3">
              <li>
                <a href="/api/openapi.json" className="inline-block rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
                  openapi.json
                </a>
              </li>
              <li>
                <Link to="/login" className="inline-block rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
                  Sign In
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>

      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold text-brand-700">Version {reference.version}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{reference.title} reference</h1>
          <p className="mt-4 text-base leading-relaxed text-slate-600">
            Every endpoint answers JSON. Errors have one shape, <code className="rounded bg-slate-200/70 px-1 font-mono text-sm">{"{ message, errors?, code? }"}</code>:{" "}
            <code className="font-mono text-sm">errors</code> holds a message per field (422) and <code className="font-mono text-sm">code</code> a machine reason (for example{" "}
            <code className="font-mono text-sm">PREMIUM_REQUIRED</code>). Sign in with <code className="font-mono text-sm">POST /api/auth/login</code>: the answer sets the{" "}
            <code className="font-mono text-sm">{reference.cookieName}</code> cookie, which every other call sends. The machine-readable document is at{" "}
            <a href="/api/openapi.json" className="font-medium text-brand-700 underline underline-offset-2">
              /api/openapi.json
            </a>{" "}
            (OpenAPI 3.1).
          </p>
          <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 text-xs leading-relaxed text-slate-100">
            {`curl -c jar -H 'Content-Type: application/json' \\
  -d '{"email":"jane@example.com","password":"…"}' \\
  https://your-flowmap/api/auth/login
curl -b jar https://your-flowmap/api/auth/user`}
          </pre>
        </div>

        <Form method="get" role="search" className="mt-8 flex max-w-xl gap-2">
          <label htmlFor="api-search" className="sr-only">
            Search endpoints
          </label>
          <input
            id="api-search"
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search endpoints, e.g. flows, PUT, password"
            maxLength={200}
            className={controlClass}
          />
          <Button type="submit">Search</Button>
        </Form>
        <p className="mt-2 text-sm text-slate-500" aria-live="polite">
          {count} {count === 1 ? "endpoint" : "endpoints"}
          {query.trim() ? ` ${count === 1 ? "matches" : "match"} “${query.trim()}”` : ""}
        </p>

        <div className="mt-8 grid gap-10 lg:grid-cols-[13rem_1fr]">
          <nav aria-label="Endpoint groups" className="hidden lg:block">
            <ul className="sticky top-24 space-y-1 text-sm">
              {groups.map((group) => (
                <li key={group.tag}>
                  <a href={`#tag-${group.tag}`} className="flex justify-between rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-white hover:text-slate-900">
                    {group.tag}
                    <span className="text-slate-500">{group.operations.length}</span>
                  </a>
                </li>
              ))}
              <li>
                <a href="#schemas" className="block rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-white hover:text-slate-900">
                  Schemas
                </a>
              </li>
            </ul>
          </nav>

          <div className="min-w-0 space-y-12">
            {groups.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
                No endpoint matches “{query.trim()}”. Try a path segment such as <code className="font-mono">flows</code> or a method such as{" "}
                <code className="font-mono">DELETE</code>.
              </p>
            ) : null}
            {groups.map((group) => (
              <section key={group.tag} id={`tag-${group.tag}`} aria-labelledby={`tag-${group.tag}-title`} className="scroll-mt-24">
                <h2 id={`tag-${group.tag}-title`} className="mb-4 text-xl font-bold text-slate-900">
                  {group.tag}
                </h2>
                <div className="space-y-5">
                  {group.operations.map((op) => (
                    <Operation key={op.id} op={op} />
                  ))}
                </div>
              </section>
            ))}

            <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-24">
              <h2 id="schemas-title" className="mb-4 text-xl font-bold text-slate-900">
                Schemas
              </h2>
              <div className="space-y-5">
                {reference.schemas.map((schema) => (
                  <article key={schema.name} id={`schema-${schema.name}`} className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                    <h3 className="font-mono text-base font-semibold text-slate-900">{schema.name}</h3>
                    {schema.description ? <p className="mt-1 text-sm text-slate-600">{schema.description}</p> : null}
                    {schema.fields.length > 0 ? (
                      <div className="mt-3">
                        <FieldTable fields={schema.fields} caption={`Fields of ${schema.name}`} />
                      </div>
                    ) : null}
                    {schema.openEnded ? <p className="mt-2 text-xs text-slate-500">May carry further fields.</p> : null}
                  </article>
                ))}
              </div>
            </section>
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
