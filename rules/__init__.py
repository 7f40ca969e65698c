"""Pure rules: the SSRF policy, schedule times, step templates, provider auth shapes, OpenAPI
import and the domain errors. No I/O, and no import of any other floor of the service."""
