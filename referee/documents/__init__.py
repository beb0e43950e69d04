"""Every document the app reads or writes, as strict typed models (pydantic), each limit
read from `referee.rules.limits`:

- `values`: the values documents hold (names, amounts, times, house rules, an outcome),
  with what the core checks left to the core's own functions;
- `reading`: a document read through its model, or one refusal naming where and what;
- `requests`: the API's request bodies; `answers`: what the API answers;
- `table_file`: a table's file, as exported and imported.

And what is done with a table's file, one job a module: `table_export` writes it,
`spreadsheet` writes the hands and payments as CSV; an import reads the bytes (`upload`),
checks the file whole (`import_checks`, refusing at `places` in it) while `replay` settles
every hand again, and hands the one door its `import_plan`.

The OpenAPI components (`referee.web.openapi`) are generated from these models.
"""
