"""The phone app: the whole companion as a static web site, Python running in the browser.

`build.build_site(dest)` writes the site (Flet's web client, the Pyodide runtime shipped in
the flet-web wheel, our package and its dependencies as one archive, a service worker and
a manifest); `main_in_browser` is what Pyodide runs in the page. Nothing here is imported
by the served app: the site is an alternative way to run the same screens and store.
"""
