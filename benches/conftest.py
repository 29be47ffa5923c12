# The benchmarks are scripts, not tests: pytest never collects anything here
# (the root configuration's testpaths leaves this folder out anyway). Their
# self-check is `python benches/compare.py --quick --check`.
collect_ignore_glob = ["*"]
