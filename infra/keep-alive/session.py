# Python requests, one Session per idle spell (in threads): a request, the spell, another request.
# Prints one JSON line per spell: the idle seconds, "ok" or the error, and whether the connection was reused.
import json
import sys
import threading
import time

import requests

url = sys.argv[1]
results = []


def trial(idle):
    session = requests.Session()
    try:
        session.get(url).raise_for_status()
        time.sleep(idle)
        session.get(url).raise_for_status()
        pools = session.get_adapter(url).poolmanager.pools
        made = sum(pool.num_connections for pool in pools._container.values())
        results.append({"idle": idle, "outcome": "ok", "reused": made == 1})
    except Exception as error:  # noqa: BLE001 - any failure is the outcome
        results.append({"idle": idle, "outcome": type(error).__name__ + ": " + str(error)[:80]})


threads = [threading.Thread(target=trial, args=(float(idle),)) for idle in sys.argv[2:]]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps(results))
