-- leasegate fleet audit, schema version 1: one row per audit record of
-- every host's broker. (host, boot_id, seq) is the record's identity; the
-- shipper delivers at least once and ON CONFLICT DO NOTHING keeps one row.
CREATE TABLE leasegate_events (
	host       text        NOT NULL,
	boot_id    text        NOT NULL,
	seq        bigint      NOT NULL,
	time       timestamptz NOT NULL,
	kind       text        NOT NULL,
	session    text,
	generation bigint,
	runtime    text,
	agent_id   text,
	agent_type text,
	tool       text,
	path       text,
	code       text,
	rule       text,
	shadow     boolean     NOT NULL DEFAULT false,
	-- the whole record as the broker wrote it
	detail     jsonb       NOT NULL,
	-- the log line itself, kept only when the database rejected the
	-- parsed form (then detail says why)
	raw        bytea,
	shipped_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (host, boot_id, seq)
);
CREATE INDEX leasegate_events_time ON leasegate_events (time);
CREATE INDEX leasegate_events_kind_time ON leasegate_events (kind, time);
CREATE INDEX leasegate_events_host_time ON leasegate_events (host, time);
CREATE INDEX leasegate_events_session ON leasegate_events (session, time);
CREATE INDEX leasegate_events_rule ON leasegate_events (rule, kind, time) WHERE rule IS NOT NULL;
