"""The doors a phone or a program knocks on: pages, forms, the JSON API and its OpenAPI
document, and what keeps them safe and quick (access, security, rate limits, serving)."""
