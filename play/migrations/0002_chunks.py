"""Runs split into chunks with leases; results kept as the JSON text written."""

import json

import django.db.models.deletion
from django.db import migrations, models


def result_to_text(apps, schema_editor):  # type: ignore[no-untyped-def]
    SimulationRun = apps.get_model("play", "SimulationRun")
    for run in SimulationRun.objects.exclude(result=None).iterator():
        run.result_json = json.dumps(run.result, ensure_ascii=False)
        run.save(update_fields=["result_json"])


class Migration(migrations.Migration):
    dependencies = [("play", "0001_initial")]

    operations = [
        migrations.AddField("simulationrun", "client", models.CharField(blank=True, default="", help_text="the address that asked for it", max_length=64)),
        migrations.AddField("simulationrun", "private", models.BooleanField(default=False, help_text="built from a private deck: its owner only")),
        migrations.AddField("simulationrun", "chunks_total", models.PositiveIntegerField(default=0)),
        migrations.AddField("simulationrun", "time_limit", models.FloatField(default=120.0)),
        migrations.AddField("simulationrun", "result_json", models.TextField(blank=True, default="")),
        migrations.AddField("simulationrun", "started", models.DateTimeField(blank=True, null=True)),
        migrations.AlterField(
            "simulationrun", "status",
            models.CharField(choices=[("queued", "En cola"), ("running", "En curso"), ("done", "Terminada"), ("failed", "Fallida"), ("cancelled", "Cancelada")], default="queued", max_length=16),
        ),
        migrations.RunPython(result_to_text, migrations.RunPython.noop),
        migrations.RemoveField("simulationrun", "result"),
        migrations.AddIndex("simulationrun", models.Index(fields=["status", "created"], name="play_simula_status_fd4423_idx")),
        migrations.CreateModel(
            name="SimulationChunk",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("index", models.PositiveIntegerField()),
                ("start", models.PositiveIntegerField()),
                ("stop", models.PositiveIntegerField()),
                ("status", models.CharField(choices=[("queued", "En cola"), ("running", "En curso"), ("done", "Terminado")], default="queued", max_length=16)),
                ("done", models.PositiveIntegerField(default=0, help_text="games played so far (a prefix of the chunk)")),
                ("attempts", models.PositiveIntegerField(default=0)),
                ("lease_until", models.DateTimeField(blank=True, null=True)),
                ("worker", models.CharField(blank=True, default="", max_length=100)),
                ("enqueued", models.DateTimeField(blank=True, null=True)),
                ("finished", models.DateTimeField(blank=True, null=True)),
                ("tally", models.BinaryField(blank=True, null=True)),
                ("run", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="chunks", to="play.simulationrun")),
            ],
            options={
                "ordering": ["run", "index"],
                "indexes": [models.Index(fields=["status", "lease_until"], name="play_simula_status_02ceaf_idx")],
                "constraints": [models.UniqueConstraint(fields=("run", "index"), name="play_chunk_run_index")],
            },
        ),
    ]
