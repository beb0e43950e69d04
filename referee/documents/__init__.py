"""Every document the app reads or writes, as strict typed models: the API's request
bodies and answers, and a table's file. The OpenAPI components are generated from them."""
