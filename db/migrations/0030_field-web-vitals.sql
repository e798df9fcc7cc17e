CREATE TABLE "web_vital_buckets" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "web_vital_buckets_day_page_metric_bucket_pk" PRIMARY KEY("day","page","metric","bucket"),
	CONSTRAINT "web_vital_buckets_metric_check" CHECK ("web_vital_buckets"."metric" in ('LCP', 'INP', 'CLS', 'TTFB', 'FCP')),
	CONSTRAINT "web_vital_buckets_samples_check" CHECK ("web_vital_buckets"."samples" > 0)
);
