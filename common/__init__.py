"""The floor below the apps: what every app may use (client address, input gate, errors, throttles,
health). Nothing here imports an app of the site."""
