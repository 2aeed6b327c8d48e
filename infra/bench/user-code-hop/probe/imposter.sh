# Sourced by platform.sh and mountebank.sh: `create_imposter <admin url> <port>` makes the imposter both load,
# the load tests' decorator on /decorate/0 and a plain stub for anything else.
create_imposter() {
  local decorator='(config, response) => { response.body = response.body + \" via \" + config.request.path; }'
  curl -sf -o /dev/null -X POST "$1/imposters" -H 'content-type: application/json' -d "{
    \"protocol\": \"http\", \"port\": $2, \"stubs\": [
      {\"predicates\": [{\"equals\": {\"path\": \"/decorate/0\"}}],
       \"responses\": [{\"is\": {\"body\": \"decorated 0\"}, \"behaviors\": [{\"decorate\": \"$decorator\"}]}]},
      {\"responses\": [{\"is\": {\"body\": \"ok\"}}]}]}"
}
