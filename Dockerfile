# dbcopilot in a container: the app on the embedded defaults (grounded answers, sandbox PostgreSQL).
#   docker build -t dbcopilot . && docker run -p 8501:8501 dbcopilot
# Point it at your own database / LLM server with -e DBCOPILOT_DSN=... -e DBCOPILOT_LLM_BACKEND=openai ...
FROM python:3.11-slim-bookworm

RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      make gcc g++ cmake git postgresql-15 postgresql-15-hypopg postgresql-doc-15 \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /opt/dbcopilot
COPY . .
# the sandbox cluster runs as the postgres user: keep the data directory reachable
ENV DBCOPILOT_DATA_DIR=/opt/dbcopilot/.dbcopilot PYTHON=python3.11
RUN make install DEBIAN_PACKAGES="postgresql-15" \
 && make prepare

EXPOSE 8501
CMD ["bash", "-c", "make prepare && .venv/bin/python -m streamlit run app/streamlit_app.py --server.address 0.0.0.0 --server.port 8501 --server.headless true --browser.gatherUsageStats false"]
