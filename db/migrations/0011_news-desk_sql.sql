-- News desk (ADR "scheduling"): the articles that existed before the desk are the published site.
-- Their slug is their old id, and they are live from the start of their date in the UK.
UPDATE "articles" SET "slug" = "id", "status" = 'published', "publish_at" = ("published_on"::timestamp AT TIME ZONE 'Europe/London');
