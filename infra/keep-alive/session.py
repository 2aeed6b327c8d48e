# Python requests, one Session per idle spell (in threads): a request, the spell, another request.
# Prints one JSON line per spell: the idle seconds, "ok" or the error, and whether the connection was reused.
import json
import sys
import threading
import time

import requests

url = sys.argv[1]
results = []


def local_port(session):
    # The connection's own port, read before the body (urllib3 reconnects a dropped connection in place).
    response = session.get(url, stream=True)
    port = response.raw._connection.sock.getsockname()[1]
    response.raise_for_status()
    response.content
    return port


def trial(idle):
    session = requests.Session()
    try:
        first = local_port(session)
        time.sleep(idle)
        second = local_port(session)
        results.append({"idle": idle, "outcome": "ok", "reused": first == second})
    except Exception as error:  # noqa: BLE001 - any failure is the outcome
        results.append({"idle": idle, "outcome": type(error).__name__ + ": " + str(error)[:80]})


threads = [threading.Thread(target=trial, args=(float(idle),)) for idle in sys.argv[2:]]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps(results))
