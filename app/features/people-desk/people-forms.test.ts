import { describe, expect, it } from "vitest";
import {
  createSchema,
  driverFields,
  driverSelfEdit,
  formValues,
  imagePath,
  missingPicture,
  peopleKindOfPath,
  splitLines,
  teamMemberFields,
} from "./people-forms";

const driver = {
  name: "Nina Newcomer",
  number: "88",
  racingClass: "FF1600",
  role: "FF1600 Driver",
  sortOrder: "5",
  image: "/media/drivers/nina.svg",
  objectPosition: "",
  bio: "Bio.",
  achievements: " One \r\n\n Two ",
  careerHighlights: "",
};

describe("people forms", () => {
  it("turns one-per-line text into a list, dropping blank lines", () => {
    expect(splitLines(" a \r\n\n b\n")).toEqual(["a", "b"]);
    expect(driverFields.parse(driver)).toMatchObject({
      number: 88,
      sortOrder: 5,
      objectPosition: "center",
      achievements: ["One", "Two"],
      careerHighlights: [],
    });
  });

  it("accepts only site paths to pictures", () => {
    for (const good of ["/media/drivers/a.svg", "/media/x/Y_1.webp", "/a.JPG"]) expect(imagePath.safeParse(good).success, good).toBe(true);
    for (const bad of [
      "https://x.example/a.png",
      "/media/../secret.png",
      "//evil.example/a.png",
      "/media/a.svg?x",
      "javascript:alert(1)",
      "/a.html",
    ]) {
      expect(imagePath.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("asks for an id on creation only, in slug form", () => {
    expect(createSchema("drivers").safeParse({ ...driver, id: "Nina Newcomer" }).success).toBe(false);
    expect(createSchema("drivers").safeParse({ ...driver, id: "nina-newcomer" }).success).toBe(true);
    expect("id" in createSchema("team").shape).toBe(false);
  });

  it("gives each bad field its own message", () => {
    const result = driverFields.safeParse({ ...driver, number: "1000", racingClass: "F1", name: "" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["number", "racingClass", "name"]));
  });

  it("stores an empty video as none, and refuses other files", () => {
    const member = {
      name: "A",
      role: "B",
      department: "C",
      group: "leadership",
      image: "/a.svg",
      bio: "x",
      fullBio: "y",
      philosophy: "z",
      video: "",
    };
    expect(teamMemberFields.parse(member).video).toBeNull();
    expect(teamMemberFields.safeParse({ ...member, video: "/clip.exe" }).success).toBe(false);
  });

  it("puts a stored record back into the form's text", () => {
    expect(formValues("drivers", { name: "N", number: 7, achievements: ["a", "b"], bio: null })).toMatchObject({
      name: "N",
      number: "7",
      achievements: "a\nb",
      bio: "",
    });
  });

  it("reads the kind from a back-office path, data requests included", () => {
    expect(peopleKindOfPath("/admin/drivers")).toBe("drivers");
    expect(peopleKindOfPath("/admin/female-side/fs-1")).toBe("female-side");
    expect(peopleKindOfPath("/admin/team.data")).toBe("team");
    expect(peopleKindOfPath("/admin/people")).toBeNull();
  });

  it("lets a driver send only a bio and a photo", () => {
    expect(driverSelfEdit.parse({ bio: " Mine ", image: "/media/drivers/me.png", name: "Someone else" })).toEqual({
      bio: "Mine",
      image: "/media/drivers/me.png",
    });
  });

  it("takes a library photo, an image path or both, and asks for one when there is neither", () => {
    const member = { name: "A", role: "B", department: "C", group: "leadership", bio: "x", fullBio: "y", philosophy: "z", video: "" };
    const photoId = "6f1c1d3e-0000-4000-8000-000000000001";
    const withPhoto = teamMemberFields.parse({ ...member, image: "", photoAssetId: photoId });
    expect(withPhoto).toMatchObject({ image: "", photoAssetId: photoId });
    expect(missingPicture(withPhoto)).toEqual({});
    const neither = teamMemberFields.parse({ ...member, image: " " });
    expect(neither).toMatchObject({ image: "", photoAssetId: null });
    expect(missingPicture(neither).photoAssetId).toMatch(/media library/);
    expect(teamMemberFields.safeParse({ ...member, image: "//evil.example/a.png" }).error?.issues[0]?.path).toEqual(["image"]);
  });
});
